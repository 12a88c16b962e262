/**
 * Data files a request mix draws its values from ({@code "values": {"id": {"from": "file", "file": "ids.csv"}}}):
 * those uploaded with {@code POST /data/{name}}, kept under {@code <loadgen.data-dir>/data} (written atomically,
 * surviving a restart), and those in an allowlisted read-only directory ({@code loadgen.data.directory}, a ConfigMap
 * mount in Kubernetes). {@link io.loadlab.loadgen.data.DataStore} is the {@link io.loadlab.loadgen.mix.DataFiles}
 * the http kind reads through.
 * <p>
 * Every name is checked ({@link io.loadlab.loadgen.data.DataName}) and resolves inside its directory only: no
 * {@code ..}, no symbolic link out of it. Every file is bounded ({@code loadgen.data.max-file-bytes}), an upload
 * while it is written, a directory file when it is opened. A file's column is read once per version of the file and
 * shared while any run holds it ({@link io.loadlab.loadgen.data.ColumnCache}).
 * <p>
 * May depend on the JDK, CDI, SmallRye config, Jackson, {@code mix} (the interface it implements) and {@code job} (the data
 * dir and its unavailable answer); never on {@code api}, {@code run} or a kind.
 */
package io.loadlab.loadgen.data;
