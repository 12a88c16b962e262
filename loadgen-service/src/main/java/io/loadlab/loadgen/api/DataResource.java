package io.loadlab.loadgen.api;

import io.loadlab.loadgen.data.DataFile;
import io.loadlab.loadgen.data.DataName;
import io.loadlab.loadgen.data.DataStore;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.PathSegment;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.io.InputStream;
import java.net.URI;
import java.util.List;

/**
 * Data files for a request mix's values. {@code POST /data/{name}} rather than {@code PUT}: POST is what the token
 * guards ({@link TokenFilter}: POST and DELETE fire or change things), and the name is in the path because the body
 * is the file's raw bytes, as {@code curl --data-binary @ids.csv} sends them.
 */
@Path("/data")
@Tag(name = "data")
public class DataResource {

    static final String CSV = "text/csv";

    @Inject
    DataStore store;

    @Inject
    ApiTokenPolicy policy;

    @Inject
    ReadLimiter reads;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listDataFiles", summary = "Data files: uploaded ones, then loadgen.data.directory's")
    @APIResponse(responseCode = "200", description = "name, bytes, modified and source (uploaded or directory) of each")
    @APIResponse(responseCode = "429", description = "loadgen.api.max-concurrent-reads reads are being answered; Retry-After")
    public List<DataFile> list() {
        return reads.read(store::list);
    }

    @POST
    @Path("{name}")
    @Consumes({CSV, MediaType.APPLICATION_OCTET_STREAM, MediaType.TEXT_PLAIN})
    @Produces(MediaType.APPLICATION_JSON)
    @SecurityRequirement(name = "bearer")
    @Operation(operationId = "uploadDataFile", summary = "Uploads a data file (CSV, its first line the header), replacing an uploaded one of that name",
            description = "The body is the file's bytes. Written atomically under <loadgen.data-dir>/data; kept across restarts.")
    @APIResponse(responseCode = "201", description = "Kept: name, bytes, sha256, source")
    @APIResponse(responseCode = "400", description = "Name not [A-Za-z0-9][A-Za-z0-9._-]{0,127}, or the upload broke off")
    @APIResponse(responseCode = "401", description = "Missing or wrong bearer token")
    @APIResponse(responseCode = "409", description = "A file of loadgen.data.directory has that name, or loadgen.data.max-files are kept")
    @APIResponse(responseCode = "413", description = "Over loadgen.data.max-file-bytes")
    @APIResponse(responseCode = "415", description = "Content-Type not text/csv, text/plain or application/octet-stream")
    @APIResponse(responseCode = "503", description = "The data dir cannot take it (full, read-only); dataDir names it")
    public Response upload(@PathParam("name") String name, @Context UriInfo uri, InputStream body) {
        DataFile kept = store.save(whole(name, uri), body);
        return Response.created(URI.create("/data/" + name)).type(MediaType.APPLICATION_JSON_TYPE).entity(kept).build();
    }

    @GET
    @Path("{name}")
    @Produces({CSV, MediaType.APPLICATION_JSON})
    @SecurityRequirement(name = "bearer")
    @Operation(operationId = "getDataFile", summary = "A data file's bytes",
            description = "Needs the token, as a spec's header values and bodies do to be read: ids and tokens in a data file are the same kind of secret.")
    @APIResponse(responseCode = "200", description = "The file")
    @APIResponse(responseCode = "401", description = "Missing or wrong bearer token")
    @APIResponse(responseCode = "404", description = "No such file")
    @APIResponse(responseCode = "429", description = "loadgen.api.max-concurrent-reads reads are being answered; Retry-After")
    public Response get(@PathParam("name") String name, @Context UriInfo uri, @Context HttpHeaders headers) {
        whole(name, uri);
        if (!policy.authorized(headers.getHeaderString(HttpHeaders.AUTHORIZATION))) {
            throw new ApiException(401, "a data file's bytes need the bearer token (Authorization: Bearer <loadgen.api.token>)");
        }
        // counted with the heavy reads, as a run's report is; the bytes are streamed from the file, not held in memory
        return reads.read(() -> Response.ok(store.path(name)
                .orElseThrow(() -> new ApiException(404, "no data file '" + name + "'")).toFile(), CSV).build());
    }

    @DELETE
    @Path("{name}")
    @SecurityRequirement(name = "bearer")
    @Operation(operationId = "deleteDataFile", summary = "Deletes an uploaded data file")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "401", description = "Missing or wrong bearer token")
    @APIResponse(responseCode = "404", description = "No such file")
    @APIResponse(responseCode = "409", description = "A file of loadgen.data.directory: read-only")
    public Response delete(@PathParam("name") String name, @Context UriInfo uri) {
        store.delete(whole(name, uri));
        return Response.noContent().build();
    }

    /**
     * {@code name}, unless the path segment held more than the name: JAX-RS gives {@code x} for {@code /data/x;y} (a
     * ';' starts matrix parameters), so {@code POST /data/x;y} saved {@code x} and {@code DELETE /data/x;z} deleted it
     * (issue 42). A 400 naming the name's rule instead, as for any other character a name may not hold.
     */
    private static String whole(String name, UriInfo uri) {
        List<PathSegment> segments = uri.getPathSegments();
        if (!segments.isEmpty() && !segments.get(segments.size() - 1).getMatrixParameters().isEmpty()) {
            throw new ApiException(400, "a data file's name must be " + DataName.PATTERN + ": ';' is not part of one");
        }
        return name;
    }
}
