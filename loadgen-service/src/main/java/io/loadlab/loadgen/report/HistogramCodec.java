package io.loadlab.loadgen.report;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;

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
