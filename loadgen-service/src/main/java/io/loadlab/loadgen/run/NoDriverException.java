package io.loadlab.loadgen.run;

/** The spec is well formed, but no {@link RunKind} of its name is installed in this build. */
public class NoDriverException extends RuntimeException {

    public NoDriverException(String kind) {
        super("no driver runs kind '" + kind + "' in this build");
    }
}
