package io.loadlab.common.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The directory of a process's cgroup for the CPU controller, and what it says about throttling and quota.
 * A cgroup v1 hierarchy with the {@code cpu} controller wins when there is one (hybrid machines mount v2 too, often
 * without the cpu controller; this is the JDK's own order); otherwise the v2 group, if it has the cpu controller
 * ({@code cpu.max} present: the root group and groups without the controller enabled have none).
 * The directory is the mount point plus the process's cgroup path relative to the mount's root, as in a container
 * whose cgroup namespace or bind mount shows its own group as the root.
 *
 * @param dir     the group's directory (e.g. {@code /sys/fs/cgroup/cpu/kubepods/pod1/c1})
 * @param version 1 or 2
 */
public record CpuController(Path dir, int version) {

    /** This process's controller, from {@code /proc/self/cgroup} and {@code /proc/self/mountinfo}; empty if none. */
    public static Optional<CpuController> ofSelf() {
        try {
            return find(Files.readString(Path.of("/proc/self/cgroup")), Files.readString(Path.of("/proc/self/mountinfo")))
                    .filter(c -> Files.isReadable(c.dir().resolve("cpu.stat")) && c.quotaCores().isPresent());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Pure: where the controller is, from the two files' text (files themselves not checked). */
    public static Optional<CpuController> find(String procCgroup, String mountinfo) {
        String v1Path = null;
        String v2Path = null;
        for (String line : procCgroup.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            if (Arrays.asList(f[1].split(",")).contains("cpu")) {
                v1Path = f[2].trim();
            } else if ("0".equals(f[0]) && f[1].isEmpty()) {
                v2Path = f[2].trim();
            }
        }
        if (v1Path != null) {
            Optional<CpuController> v1 = mount(mountinfo, "cgroup", v1Path, 1);
            if (v1.isPresent()) {
                return v1;
            }
        }
        return v2Path == null ? Optional.empty() : mount(mountinfo, "cgroup2", v2Path, 2);
    }

    /** The group's throttling counters now; empty when unreadable. */
    public Optional<CpuStat> stat() {
        return read("cpu.stat").flatMap(CpuStat::parse);
    }

    /** The group's quota in cores now, +Inf when unlimited; empty when unreadable. */
    public OptionalDouble quotaCores() {
        if (version == 1) {
            Optional<String> quota = read("cpu.cfs_quota_us");
            Optional<String> period = read("cpu.cfs_period_us");
            return quota.isPresent() && period.isPresent() ? CpuQuota.v1(quota.get(), period.get()) : OptionalDouble.empty();
        }
        return read("cpu.max").map(CpuQuota::v2).orElse(OptionalDouble.empty());
    }

    private Optional<String> read(String file) {
        try {
            return Optional.of(Files.readString(dir.resolve(file)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The mount of {@code fsType} (for v1: whose super options name the cpu controller) and the group's directory under it.
     * A mountinfo line: {@code id parent maj:min root mountpoint options [optional...] - fstype source superoptions}.
     */
    private static Optional<CpuController> mount(String mountinfo, String fsType, String groupPath, int version) {
        for (String line : mountinfo.split("\n")) {
            String[] f = line.trim().split("\\s+");
            int dash = Arrays.asList(f).indexOf("-");
            if (dash < 6 || f.length < dash + 4 || !fsType.equals(f[dash + 1])) {
                continue;
            }
            if (version == 1 && !Arrays.asList(f[dash + 3].split(",")).contains("cpu")) {
                continue;
            }
            return Optional.of(new CpuController(Path.of(unescape(f[4]) + relative(unescape(f[3]), groupPath)), version));
        }
        return Optional.empty();
    }

    /** The group's path below the mount's root; "" when the mount shows the group itself or the path lies outside it. */
    private static String relative(String root, String group) {
        if ("/".equals(root)) {
            return "/".equals(group) ? "" : group;
        }
        return group.startsWith(root + "/") ? group.substring(root.length()) : "";
    }

    /** mountinfo escapes space, tab, newline and backslash as octal ({@code \040}). */
    private static String unescape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).chars().allMatch(c -> c >= '0' && c <= '7')) {
                out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(s.charAt(i));
            }
        }
        return out.toString();
    }
}
