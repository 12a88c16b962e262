package io.loadlab.loadgen.report;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;

/** HdrHistogram's compressed base64 form, the way runs carry and persist their histograms. */
public final class HistogramCodec {

    private HistogramCodec() {
    }

    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not an HdrHistogram compressed base64 histogram", e);
        }
    }

    public static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int len = h.encodeIntoCompressedByteBuffer(buf);
        byte[] bytes = new byte[len];
        buf.flip();
        buf.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }
}
