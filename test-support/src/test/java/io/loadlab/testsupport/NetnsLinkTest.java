package io.loadlab.testsupport;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shared topology, up and down for real, in names of this suite's own ({@code support-*}). */
@SystemTest
class NetnsLinkTest {

    private static final String NS = "support-ns";
    private static final String HOST_IF = "support-r";

    @Test
    void theNamespaceAnswersAcrossTheLinkAndLeavesNothingBehind() throws Exception {
        try (NetnsLink link = NetnsLink.up(NS, HOST_IF, "support-t", "10.200.9.1", "10.200.9.2", "50mbit")) {
            // nothing listens there: a refusal is the namespace's kernel answering, so the route and the veth work
            try (Socket s = new Socket()) {
                assertThrows(ConnectException.class, () -> s.connect(new InetSocketAddress(link.nsAddr(), 9), 5_000));
            }
            assertTrue(sh("ip", "netns", "exec", NS, "tc", "qdisc", "show", "dev", "support-t").contains("tbf"), "shaped");
            link.rate(null);
            assertFalse(sh("ip", "netns", "exec", NS, "tc", "qdisc", "show", "dev", "support-t").contains("tbf"), "unshaped");
        }
        assertFalse(sh("ip", "netns", "list").contains(NS), "namespace removed");
        assertFalse(sh("ip", "link", "show").contains(HOST_IF), "veth removed");
    }

    private static String sh(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }
}
