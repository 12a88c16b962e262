package io.loadlab.loadgen.api;

import io.loadlab.loadgen.api.guard.TargetRefusedException;
import io.loadlab.loadgen.data.DataFileException;
import io.loadlab.loadgen.job.ActiveJobException;
import io.loadlab.loadgen.job.DataDirUnavailableException;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.NoDriverException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Maps every failure to a JSON {@link ApiError}, so no client ever parses an HTML or empty error page. */
public class ApiErrors {

    private static final Logger LOG = Logger.getLogger(ApiErrors.class);

    static Response json(ApiError e) {
        return Response.status(e.code()).type(MediaType.APPLICATION_JSON_TYPE).entity(e).build();
    }

    @ServerExceptionMapper
    public Response api(ApiException e) {
        return e.response();
    }

    @ServerExceptionMapper
    public Response invalid(InvalidSpecException e) {
        return json(ApiError.invalid(e.violations()));
    }

    @ServerExceptionMapper
    public Response refused(TargetRefusedException e) {
        return json(new ApiError(403, "target not allowed: " + e.getMessage(), null, null,
                e.target().toString(), e.address(), e.rule()));
    }

    /** One active job at a time, runs and experiments alike: the body names the one in the way. */
    @ServerExceptionMapper
    public Response busy(ActiveJobException e) {
        String msg = e.limit() != null ? e.getMessage() + " (" + e.limit() + ")" : e.getMessage();
        return json(new ApiError(409, msg, null, e.first(), null, null, null));
    }

    /** Nothing starts while its record could not be kept: 503 names the data dir and the cause. */
    @ServerExceptionMapper
    public Response storage(DataDirUnavailableException e) {
        LOG.debugf("Refused a job: %s", e.getMessage());
        return Response.status(503).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new StorageError(503, e.getMessage(), e.dataDir().toAbsolutePath().toString())).build();
    }

    @ServerExceptionMapper
    public Response dataFile(DataFileException e) {
        return json(ApiError.of(e.status(), e.getMessage()));
    }

    @ServerExceptionMapper
    public Response noDriver(NoDriverException e) {
        return json(ApiError.of(501, e.getMessage()));
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        return json(ApiError.of(status, e.getMessage() == null ? Response.Status.fromStatusCode(status).toString() : e.getMessage()));
    }

    @ServerExceptionMapper
    public Response unexpected(RuntimeException e) {
        LOG.error("Unexpected error answering a request", e);
        return json(ApiError.of(500, "internal error: " + e.getClass().getSimpleName()));
    }
}
