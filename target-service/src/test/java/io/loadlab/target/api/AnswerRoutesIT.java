package io.loadlab.target.api;

import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The same assertions against the packaged application (the jar, or the native binary with -Pnative). */
@SystemTest
@QuarkusIntegrationTest
class AnswerRoutesIT extends AnswerRoutesTest {
}
