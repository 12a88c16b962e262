package io.loadlab.loadgen.run;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects every bad field of a spec before failing, so one 400 answer names them all.
 * Not thread-safe: one instance per validation.
 */
public final class Violations {

    private final List<Violation> found = new ArrayList<>();

    /** Records {@code message} against {@code field} unless {@code ok}. Returns {@code ok}. */
    public boolean check(boolean ok, String field, String message) {
        if (!ok) {
            found.add(new Violation(field, message));
        }
        return ok;
    }

    public void add(String field, String message) {
        found.add(new Violation(field, message));
    }

    public void addAll(List<Violation> more) {
        found.addAll(more);
    }

    public boolean isEmpty() {
        return found.isEmpty();
    }

    public List<Violation> list() {
        return List.copyOf(found);
    }

    /** Throws {@link InvalidSpecException} naming every violation found so far, if any. */
    public void throwIfAny() {
        if (!found.isEmpty()) {
            throw new InvalidSpecException(list());
        }
    }
}
