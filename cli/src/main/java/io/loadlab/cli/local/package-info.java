/**
 * {@code --local}: a loadgen of the command's own, started from the packaged jar on a free loopback port with a
 * token made for it and a data dir of its own, and stopped when the command ends.
 * <p>
 * May depend on: the JDK only.
 */
package io.loadlab.cli.local;
