package io.loadlab.loadgen.report;

import io.loadlab.loadgen.engine.Histograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class HistogramCodecTest {

    @Test
    void decodeGivesBackWhatWasEncoded() {
        Histogram h = Histograms.newHistogram();
        for (long v = 1_000; v < 50_000_000; v *= 3) {
            h.recordValue(v);
        }
        Histogram back = HistogramCodec.decode(HistogramCodec.encode(h));
        assertEquals(h, back);
        assertEquals(h.getValueAtPercentile(99), back.getValueAtPercentile(99));
    }

    @Test
    void garbageIsRejectedWithAnArgumentError() {
        assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decode("bm90IGEgaGlzdG9ncmFt"));
    }
}
