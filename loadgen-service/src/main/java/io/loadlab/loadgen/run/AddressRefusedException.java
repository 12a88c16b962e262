package io.loadlab.loadgen.run;

/** A run's target resolved, at start, to an address its {@link AddressPolicy} refuses; the message says which. */
public class AddressRefusedException extends Exception {

    public AddressRefusedException(String message) {
        super(message, null, false, false);
    }
}
