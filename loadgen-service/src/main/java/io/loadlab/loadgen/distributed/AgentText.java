package io.loadlab.loadgen.distributed;

import java.util.regex.Pattern;

/**
 * Bounds on the strings an agent sends that the controller keeps: its name (a report's field, a run's failure) and
 * its failure messages. A 15 MiB failure string made a 2 s run's record 47 MB, stored three times (issue 22).
 */
public final class AgentText {

    /** A failure message is kept up to this many characters: a stack trace's first lines, never a flood. */
    public static final int MAX_FAILURE = 1024;
    /** An agent's name and its part ids follow the API's id rule: a pod's or host's name fits it. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private AgentText() {
    }

    /** {@code why} cut to {@link #MAX_FAILURE} characters, marked when cut; null stays null. */
    public static String failure(String why) {
        if (why == null || why.length() <= MAX_FAILURE) {
            return why;
        }
        return why.substring(0, MAX_FAILURE) + "... (" + (why.length() - MAX_FAILURE) + " more characters cut)";
    }

    /** True when {@code name} may stand for an agent in a report, or for a part in a path. */
    public static boolean isName(String name) {
        return name != null && NAME.matcher(name).matches();
    }
}
