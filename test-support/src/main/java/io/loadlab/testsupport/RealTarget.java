package io.loadlab.testsupport;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.net.URI;

/** The real target service for one test class: {@code @RegisterExtension static final RealTarget target = new RealTarget()}. */
public final class RealTarget implements BeforeAllCallback, AfterAllCallback {

    private TargetService process;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        process = TargetService.start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (process != null) {
            process.close();
        }
    }

    public URI testApi() {
        return process.testApi();
    }

    /** Scheme, host and port, for the target's other paths. */
    public String base() {
        return process.base();
    }

    public TargetService process() {
        return process;
    }
}
