package io.loadlab.loadgen.report;

import io.loadlab.loadgen.engine.Histograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void aBoundedDecodeTakesTheEnginesOwnAndRefusesWiderOrFinerHeaders() {
        Histogram engine = Histograms.newHistogram();
        engine.recordValue(123_456);
        long highest = engine.getHighestTrackableValue();
        int digits = engine.getNumberOfSignificantValueDigits();
        assertEquals(engine, HistogramCodec.decodeBounded(HistogramCodec.encode(engine), highest, digits));

        Histogram wider = new Histogram(1, highest * 4, digits);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HistogramCodec.decodeBounded(HistogramCodec.encode(wider), highest, digits));
        assertTrue(e.getMessage().contains("beyond"), e.getMessage());
        Histogram finer = new Histogram(1, 1_000_000, digits + 1);
        assertThrows(IllegalArgumentException.class,
                () -> HistogramCodec.decodeBounded(HistogramCodec.encode(finer), highest, digits));
        assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decodeBounded("AAAA", highest, digits));
        assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decodeBounded("bm90IGEgaGlzdG9ncmFt", highest, digits));
    }
}
