package io.loadlab.loadgen.run;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects every bad field of a spec before failing, so one 400 answer names them all.
 * Not thread-safe: one instance per validation.
 */
public final class Violations {

    /**
     * Violations kept; past it only counted. A spec built in code with 400,000 variants of one label once named each
     * duplicate, a 34 MB message; an answer naming the first 100 says all a reader can act on.
     */
    static final int MAX_LISTED = 100;

    private final List<Violation> found = new ArrayList<>();
    private long unlisted;

    /** Records {@code message} against {@code field} unless {@code ok}. Returns {@code ok}. */
    public boolean check(boolean ok, String field, String message) {
        if (!ok) {
            add(field, message);
        }
        return ok;
    }

    public void add(String field, String message) {
        if (found.size() < MAX_LISTED) {
            found.add(new Violation(field, message));
        } else {
            unlisted++;
        }
    }

    public void addAll(List<Violation> more) {
        more.forEach(x -> add(x.field(), x.message()));
    }

    public boolean isEmpty() {
        return found.isEmpty();
    }

    /** The violations kept, and one more saying how many were not listed, if any. */
    public List<Violation> list() {
        if (unlisted == 0) {
            return List.copyOf(found);
        }
        List<Violation> all = new ArrayList<>(found);
        all.add(new Violation("", unlisted + " more violations not listed"));
        return List.copyOf(all);
    }

    /** Throws {@link InvalidSpecException} naming every violation found so far, if any. */
    public void throwIfAny() {
        if (!found.isEmpty()) {
            throw new InvalidSpecException(list());
        }
    }
}
