package io.loadlab.loadgen.api;

import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.NodeExporter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A foreign target in a network namespace: nginx (which exports nothing) pinned to one core in a cpu cgroup of its
 * own, promised its core, and a node-exporter beside it in the same namespace (so the namespace's veth is the
 * device it reports, as on a node). Serves {@value #TEXT} (128 KB of words, gzipped at level 9 per answer: about
 * 2.5 ms of nginx's CPU each, so about 400 answers/s fill its core while the loadgen on the other core has room to
 * spare) and {@value #BIG} (1 MB of random bytes, not compressible: fills a shaped link, costs nginx little).
 */
final class NetnsNginx implements AutoCloseable {

    static final String TEXT = "/text.txt";
    static final String BIG = "/big.bin";

    private final CpuCgroup cgroup;
    private Nginx nginx;
    private NodeExporter exporter;

    /**
     * @param enter the namespace's {@code nsenter} prefix
     * @param host  the namespace's address both listen on
     * @param core  nginx's one core
     */
    NetnsNginx(List<String> enter, String host, int core, String cgroupName, Path work) throws IOException, InterruptedException {
        cgroup = new CpuCgroup(cgroupName).shares(CpuCgroup.PROMISED);
        try {
            Path root = Files.createDirectories(work.resolve("www"));
            writeFiles(root);
            // Joins the cgroup before it execs: sh, nsenter and taskset all exec, so the process started is nginx.
            List<String> prefix = new ArrayList<>(List.of("sh", "-c", "echo $$ > \"$0\" && exec \"$@\"", cgroup.procs().toString()));
            prefix.addAll(enter);
            prefix.addAll(List.of("taskset", "-c", Integer.toString(core)));
            nginx = Nginx.files(prefix, host, root);
            exporter = NodeExporter.start(enter, host, work.resolve("node-exporter"));
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    private static void writeFiles(Path root) throws IOException {
        Random random = new Random(1);
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            StringBuilder w = new StringBuilder();
            for (int n = 3 + random.nextInt(7); n > 0; n--) {
                w.append((char) ('a' + random.nextInt(26)));
            }
            words.add(w.toString());
        }
        StringBuilder text = new StringBuilder();
        while (text.length() < 128 * 1024) {
            text.append(words.get(random.nextInt(words.size()))).append(' ');
        }
        Files.writeString(root.resolve(TEXT.substring(1)), text.substring(0, 128 * 1024), StandardCharsets.US_ASCII);
        byte[] big = new byte[1 << 20];
        random.nextBytes(big);
        Files.write(root.resolve(BIG.substring(1)), big);
    }

    String base() {
        return nginx.uri("").toString();
    }

    long pid() {
        return nginx.pid();
    }

    CpuCgroup cgroup() {
        return cgroup;
    }

    /** node-exporter's {@code host:port}: its scrape target and {@code instance} label. */
    String exporterInstance() {
        return exporter.instance();
    }

    /** nginx's CPU time so far, utime + stime from {@code /proc/<pid>/stat}, in seconds (USER_HZ 100 on Linux). */
    double cpuSeconds() throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid()), "stat"));
        // fields after the command's closing parenthesis: state is field 3, utime 14, stime 15
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
    }

    @Override
    public void close() {
        if (exporter != null) {
            exporter.close();
        }
        if (nginx != null) {
            try {
                nginx.close();
            } catch (Exception e) {
                // best effort: the namespace's removal kills what is left
            }
        }
        cgroup.close();
    }
}
