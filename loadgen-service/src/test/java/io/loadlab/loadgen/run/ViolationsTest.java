package io.loadlab.loadgen.run;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** One answer names at most {@link Violations#MAX_LISTED} faults and counts the rest (it once named 400,000). */
class ViolationsTest {

    @Test
    void namesTheFirstHundredAndCountsTheRest() {
        Violations v = new Violations();
        for (int i = 0; i < 400_000; i++) {
            v.check(false, "variants[" + i + "].name", "is used twice");
        }
        List<Violation> listed = v.list();
        assertEquals(Violations.MAX_LISTED + 1, listed.size());
        assertEquals("variants[99].name", listed.get(99).field());
        assertEquals("399900 more violations not listed", listed.get(100).message());
        InvalidSpecException e = assertThrows(InvalidSpecException.class, v::throwIfAny);
        assertEquals(101, e.violations().size());
    }

    @Test
    void underTheCapEveryOneIsNamed() {
        Violations v = new Violations();
        v.add("a", "x");
        v.addAll(List.of(new Violation("b", "y")));
        assertEquals(List.of(new Violation("a", "x"), new Violation("b", "y")), v.list());
    }
}
