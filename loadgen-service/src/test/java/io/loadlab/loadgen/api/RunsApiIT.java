package io.loadlab.loadgen.api;

import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The same API assertions against the packaged jar. */
@SystemTest
@QuarkusIntegrationTest
class RunsApiIT extends RunsApiTest {
}
