package io.loadlab.loadgen.report;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The text form of a latency histogram kept with a run ({@code RunOutcome.histogram}): HdrHistogram's
 * compressed encoding in base64, the form HdrHistogram's own log files carry per line. Values are
 * nanoseconds, as recorded.
 */
public final class HistogramCodec {

    private HistogramCodec() {
    }

    /** Compressed base64 of {@code histogram}. */
    public static String encode(AbstractHistogram histogram) {
        return encode(histogram, ByteBuffer.allocate(histogram.getNeededByteBufferCapacity()));
    }

    /**
     * As {@link #encode(AbstractHistogram)}, compressing through {@code scratch}, a heap buffer of at least
     * {@code histogram.getNeededByteBufferCapacity()} bytes: a series encoding every second reuses one
     * (about 270 KiB for the engine's histograms) instead of allocating it each time.
     */
    public static String encode(AbstractHistogram histogram, ByteBuffer scratch) {
        scratch.clear();
        int length = histogram.encodeIntoCompressedByteBuffer(scratch);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(scratch.array(), length));
    }

    /** Bytes of HdrHistogram's uncompressed encoding header: cookie, payload length, offset, digits, lowest, highest, ratio. */
    static final int HEADER_BYTES = 40;
    /** The compressed form's own header: its cookie and the deflated length. */
    static final int COMPRESSED_HEADER_BYTES = 8;

    /**
     * As {@link #decode(String)}, for an encoding from another process (an agent's interval): its header is read
     * first and refused when its range or precision is beyond the given ones, because HdrHistogram allocates the
     * counts the header asks for before reading a single one (a forged header at 5 digits and 2^62 ns asks for
     * gigabytes).
     *
     * @throws IllegalArgumentException when {@code base64} is not an encoding, or asks for more than allowed
     */
    public static Histogram decodeBounded(String base64, long maxHighest, int maxDigits) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a compressed base64 HdrHistogram: " + e.getMessage(), e);
        }
        if (bytes.length < COMPRESSED_HEADER_BYTES) {
            throw new IllegalArgumentException("not a compressed base64 HdrHistogram: " + bytes.length + " bytes");
        }
        Inflater inflater = new Inflater();
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
        try {
            inflater.setInput(bytes, COMPRESSED_HEADER_BYTES, bytes.length - COMPRESSED_HEADER_BYTES);
            int n = inflater.inflate(header.array());
            if (n < HEADER_BYTES) {
                throw new IllegalArgumentException("not a compressed base64 HdrHistogram: a header of " + n + " bytes");
            }
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("not a compressed base64 HdrHistogram: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
        int digits = header.getInt(12);
        long lowest = header.getLong(16);
        long highest = header.getLong(24);
        if (digits < 0 || digits > maxDigits || lowest < 1 || highest > maxHighest || highest < 2 * lowest) {
            throw new IllegalArgumentException("a histogram of " + digits + " digits over " + lowest + ".." + highest
                    + " ns, beyond the " + maxDigits + " digits up to " + maxHighest + " ns allowed");
        }
        return decode(base64);
    }

    /**
     * The histogram {@link #encode} wrote; values in nanoseconds.
     *
     * @throws IllegalArgumentException when {@code base64} is not such an encoding
     */
    public static Histogram decode(String base64) {
        try {
            ByteBuffer buffer = ByteBuffer.wrap(Base64.getDecoder().decode(base64));
            return Histogram.decodeFromCompressedByteBuffer(buffer, 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not a compressed base64 HdrHistogram: " + e.getMessage(), e);
        }
    }
}
