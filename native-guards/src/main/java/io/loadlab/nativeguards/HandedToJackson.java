package io.loadlab.nativeguards;

/**
 * A type the code hands to Jackson outside a REST resource method's signature, and where.
 *
 * @param type binary class name ({@code a.b.Outer$Inner}); {@code null} when the type could not be told from the
 *             bytecode, which the guard reports as a failure of its own (make the static type explicit)
 * @param site {@code Class.method (File.java:line)} of the call that hands it over, then the path it took
 */
public record HandedToJackson(String type, String site) {
}
