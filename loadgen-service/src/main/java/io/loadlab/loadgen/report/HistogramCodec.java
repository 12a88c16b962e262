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
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
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
