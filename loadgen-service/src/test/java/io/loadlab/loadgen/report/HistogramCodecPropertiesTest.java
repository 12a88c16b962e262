package io.loadlab.loadgen.report;

import io.loadlab.loadgen.engine.Histograms;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.HdrHistogram.Histogram;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Any histogram a run can record comes back from its base64 form unchanged; anything else is refused as such. */
class HistogramCodecPropertiesTest {

    @Property
    void decodeGivesBackWhatWasEncoded(@ForAll @Size(max = 200) List<@LongRange(min = 1, max = 3_600_000_000_000L) Long> values,
                                       @ForAll @LongRange(min = 1, max = 1_000_000) long repeat) {
        Histogram h = Histograms.newHistogram();
        values.forEach(v -> h.recordValueWithCount(v, repeat));
        Histogram back = HistogramCodec.decode(HistogramCodec.encode(h));
        assertEquals(h, back);
        assertEquals(h.getTotalCount(), back.getTotalCount());
        assertEquals(h.getMaxValue(), back.getMaxValue());
        assertEquals(h.getValueAtPercentile(99.9), back.getValueAtPercentile(99.9));
    }

    @Property
    void anythingElseIsRefusedAsNotAnEncoding(@ForAll String text) {
        try {
            HistogramCodec.decode(text);
        } catch (IllegalArgumentException expected) {
            return;
        }
        // a random string that decodes is astronomically unlikely; if one does, encoding it must be stable
        assertEquals(text, HistogramCodec.encode(HistogramCodec.decode(text)));
    }

    @Property
    void truncatedEncodingsAreRefused(@ForAll @LongRange(min = 1, max = 1_000_000) long value) {
        Histogram h = Histograms.newHistogram();
        h.recordValue(value);
        String full = HistogramCodec.encode(h);
        assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decode(full.substring(0, full.length() / 2)));
    }
}
