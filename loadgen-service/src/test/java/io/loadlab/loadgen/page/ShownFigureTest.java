package io.loadlab.loadgen.page;

import com.fasterxml.jackson.databind.node.DoubleNode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The browser tests' reading of a shown figure accepts the figure it was made from, and one a printed digit off does not pass. */
class ShownFigureTest {

    @Test
    void aShownFigureReadsBackToItsFigureAndNotToItsNeighbour() {
        double[][] cases = {{137_777.3, 137_779}, {1627.0, 1637.0}, {0.0012, 0.0013}, {36_789_123.0, 36_889_123.0}};
        String[] names = {"requestsPerSecond", "latencyMicros", "errorRate", "bytesReceived"};
        for (int i = 0; i < cases.length; i++) {
            String shown = Figure.shown(names[i], DoubleNode.valueOf(cases[i][0]));
            assertTrue(ShownFigure.read(names[i], shown).matches(cases[i][0]), names[i] + " " + shown);
            assertFalse(ShownFigure.read(names[i], shown).matches(cases[i][1]), names[i] + " " + shown + " is not " + cases[i][1]);
        }
        assertTrue(ShownFigure.read("p99Millis", "10.0 s").matches(9_999.5));
        assertFalse(ShownFigure.read("p99Millis", "10.0 s").matches(10_100));
        assertTrue(ShownFigure.read("errorRate", "< 0.01 %").matches(0.00001));
        assertFalse(ShownFigure.read("errorRate", "< 0.01 %").matches(0.0002));
    }
}
