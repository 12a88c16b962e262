package io.loadlab.cli;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * {@code java -jar loadlab-cli.jar ...}, as {@code bin/loadlab} runs it. Whether stdout is a terminal comes from the
 * script ({@code -Dloadlab.tty}, bash's {@code [ -t 1 ]}): on Java 17 {@code System.console()} is null unless stdin and
 * stdout are both terminals, but from Java 22 it is a console even with stdout redirected, so it is only the fallback
 * when the jar is run without the script. {@code -Dloadlab.home} is the checkout ({@code --local} finds the loadgen's
 * jar under it), else the directory two above this jar ({@code cli/target/}).
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws InterruptedException {
        String tty = System.getProperty("loadlab.tty");
        boolean terminal = tty != null ? Boolean.parseBoolean(tty) : System.console() != null;
        int code = new Cli(System.out, System.err, System.getenv(), terminal, home(), Clock.systemUTC())
                .run(List.of(args));
        System.out.flush();
        System.exit(code);
    }

    private static Path home() {
        String set = System.getProperty("loadlab.home");
        if (set != null) {
            return Path.of(set);
        }
        try {
            Path jar = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return jar.toAbsolutePath().getParent().getParent().getParent();
        } catch (Exception e) {
            return Path.of("").toAbsolutePath();
        }
    }
}
