package io.loadlab.target.api;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The same assertions against the packaged application (the jar, or the native binary with -Pnative). */
@QuarkusIntegrationTest
class AnswerRoutesIT extends AnswerRoutesTest {
}
