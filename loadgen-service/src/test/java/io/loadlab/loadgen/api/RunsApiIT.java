package io.loadlab.loadgen.api;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The same API assertions against the packaged jar. */
@QuarkusIntegrationTest
class RunsApiIT extends RunsApiTest {
}
