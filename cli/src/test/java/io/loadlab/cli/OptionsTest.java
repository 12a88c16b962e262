package io.loadlab.cli;

import io.loadlab.cli.job.JobType;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OptionsTest {

    @Test
    void aRunWithEveryOption() throws UsageException {
        Options o = Options.parse(List.of("run", "spec.json", "--url", "http://lg:9000", "--token-file", "t",
                "--junit", "j.xml", "--json", "r.json", "--html", "r.html", "--quiet"));
        assertEquals(JobType.RUN, o.type());
        assertEquals(Path.of("spec.json"), o.spec());
        assertEquals(URI.create("http://lg:9000"), o.url());
        assertEquals(Path.of("j.xml"), o.junit());
        assertTrue(o.quiet());
        assertFalse(o.local());
    }

    @Test
    void theDefaultUrlIsTheLoopbackLoadgenAndLocalHasNone() throws UsageException {
        assertEquals(Options.DEFAULT_URL, Options.parse(List.of("experiment", "x.json")).url());
        Options local = Options.parse(List.of("run", "x.json", "--local"));
        assertTrue(local.local());
        assertNull(local.url());
    }

    @Test
    void whatCannotBeRunIsRefusedNamingWhy() {
        assertEquals("no command", assertThrows(UsageException.class, () -> Options.parse(List.of())).getMessage());
        assertTrue(assertThrows(UsageException.class, () -> Options.parse(List.of("go", "x.json")))
                .getMessage().contains("unknown command 'go'"));
        assertEquals("no spec file", assertThrows(UsageException.class, () -> Options.parse(List.of("run"))).getMessage());
        assertEquals("--junit needs a value",
                assertThrows(UsageException.class, () -> Options.parse(List.of("run", "x.json", "--junit"))).getMessage());
        assertTrue(assertThrows(UsageException.class, () -> Options.parse(List.of("run", "x", "--local", "--url",
                "http://a:1"))).getMessage().contains("not both"));
        assertTrue(assertThrows(UsageException.class, () -> Options.parse(List.of("run", "x", "--url", "ftp://a")))
                .getMessage().contains("--url must be"));
        assertTrue(assertThrows(UsageException.class, () -> Options.parse(List.of("run", "x", "--nope")))
                .getMessage().contains("unknown option '--nope'"));
    }

    @Test
    void anEchoedArgumentIsCut() {
        String huge = "-" + "x".repeat(100_000);
        assertTrue(assertThrows(UsageException.class, () -> Options.parse(List.of("run", "x", huge)))
                .getMessage().length() < 300);
    }
}
