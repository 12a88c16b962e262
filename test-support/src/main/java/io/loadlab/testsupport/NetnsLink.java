package io.loadlab.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A network namespace joined to the root namespace by a veth pair whose namespace side is shaped, as
 * {@code netns.sh} next to this class defines it (bench/experiment-netns.sh runs the same script):
 * <pre>
 *   root namespace (this JVM)              namespace ns
 *   hostIf hostAddr/30  &lt;-- veth pair --&gt;  nsIf nsAddr/30, egress tbf at rate
 * </pre>
 * Leftovers of an earlier, killed run with the same names are removed first; {@link #close()} removes everything
 * and kills what still runs inside. Names are at most 15 characters (Linux's limit for an interface); tests pick
 * names of their own so that two suites never share one. Needs root: without it, creating fails saying so.
 */
public final class NetnsLink implements AutoCloseable {

    private final Path script;
    private final String ns;
    private final String hostIf;
    private final String nsIf;
    private final String hostAddr;
    private final String nsAddr;

    private NetnsLink(Path script, String ns, String hostIf, String nsIf, String hostAddr, String nsAddr) {
        this.script = script;
        this.ns = ns;
        this.hostIf = hostIf;
        this.nsIf = nsIf;
        this.hostAddr = hostAddr;
        this.nsAddr = nsAddr;
    }

    /** Creates the topology; {@code rate} (e.g. {@code 50mbit}) shapes the namespace side, null leaves it unshaped. */
    public static NetnsLink up(String ns, String hostIf, String nsIf, String hostAddr, String nsAddr, String rate)
            throws IOException, InterruptedException {
        for (String name : List.of(ns, hostIf, nsIf)) {
            if (name.length() > 15) {
                throw new IllegalArgumentException("'" + name + "' is longer than 15 characters, Linux's limit for an interface");
            }
        }
        Path script = Resources.file("netns.sh", Files.createTempDirectory("netns"));
        NetnsLink link = new NetnsLink(script, ns, hostIf, nsIf, hostAddr, nsAddr);
        List<String> args = new ArrayList<>(List.of("up", ns, hostIf, nsIf, hostAddr, nsAddr));
        if (rate != null) {
            args.add(rate);
        }
        try {
            link.must(args);
        } catch (IllegalStateException e) {
            link.close();
            throw new AssertionError("cannot create network namespace " + ns + " (needs root or CAP_NET_ADMIN, and iproute2): "
                    + e.getMessage(), e);
        }
        return link;
    }

    /** Sets the namespace side's rate ({@code 100mbit}); null removes the limit. */
    public void rate(String rate) throws IOException, InterruptedException {
        must(rate == null ? List.of("unshape", ns, nsIf) : List.of("shape", ns, nsIf, rate));
    }

    /**
     * Routes {@code address}, another of the root namespace's own (a second link's host side), from the namespace
     * through this link: namespaces as separate hosts that all reach one server in the root namespace.
     */
    public void route(String address) throws IOException, InterruptedException {
        must(List.of("route", ns, address, hostAddr));
    }

    public String hostAddr() {
        return hostAddr;
    }

    public String ns() {
        return ns;
    }

    public String nsAddr() {
        return nsAddr;
    }

    /** {@code nsenter --net=...}: enters the namespace's network alone, unlike {@code ip netns exec}, which remounts /sys. */
    public List<String> enter() {
        return List.of("nsenter", "--net=/var/run/netns/" + ns);
    }

    /** Removes the namespace (with it the veth pair and its qdisc) and kills what runs in it; never fails. */
    @Override
    public void close() {
        down(ns, hostIf);
        TempDirs.remove(script.getParent());
    }

    /** As {@link #close()}, for what an earlier, killed run left under these names. */
    public static void down(String ns, String hostIf) {
        try {
            Path dir = Files.createTempDirectory("netns");
            try {
                run(Resources.file("netns.sh", dir), List.of("down", ns, hostIf));
            } finally {
                TempDirs.remove(dir);
            }
        } catch (IOException | RuntimeException e) {
            // best effort: down itself ignores what is already gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void must(List<String> args) throws IOException, InterruptedException {
        String failed = run(script, args);
        if (failed != null) {
            throw new IllegalStateException("netns.sh " + String.join(" ", args) + " failed: " + failed.trim());
        }
    }

    /** Null on success, else the script's output. */
    private static String run(Path script, List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "did not end within 30 s";
        }
        return p.exitValue() == 0 ? null : out;
    }
}
