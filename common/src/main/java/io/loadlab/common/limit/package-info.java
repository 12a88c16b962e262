/**
 * Bounds that threads take from and give back to at once: what a service may hold of a resource (bytes of bodies,
 * of direct memory, handshakes in progress) counted without a lock. May depend on the JDK only.
 */
package io.loadlab.common.limit;
