package io.loadlab.loadgen.data;

import java.util.regex.Pattern;

/**
 * The names a data file may have: {@code [A-Za-z0-9][A-Za-z0-9._-]{0,127}}. A letter or digit first, so no name is
 * {@code .}, {@code ..} or hidden (the upload's temporary files and a ConfigMap's {@code ..data} are), and no
 * separator, so a name is one entry of its directory.
 */
public final class DataName {

    public static final String PATTERN = "[A-Za-z0-9][A-Za-z0-9._-]{0,127}";
    private static final Pattern VALID = Pattern.compile(PATTERN);

    private DataName() {
    }

    public static boolean valid(String name) {
        return name != null && name.length() <= 128 && VALID.matcher(name).matches();
    }
}
