package io.loadlab.loadgen.http;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Registers this kind's records for reflection: Jackson writes them inside runs (API answers, files on disk)
 * reached through the polymorphic RunSpec and RunReport, which a native image would otherwise write as {@code {}}.
 * Here rather than in the API's list, so nothing outside this package names the http kind.
 */
@RegisterForReflection(targets = {HttpRunSpec.class, HttpReport.class, HttpErrors.class, HttpProtocol.class, TlsSpec.class,
        TlsReport.class, H2Report.class, RequestReport.class})
final class HttpJsonTypes {

    private HttpJsonTypes() {
    }
}
