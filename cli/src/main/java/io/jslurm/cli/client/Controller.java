package io.jslurm.cli.client;

import com.google.protobuf.Message;

/** The cluster's controller as a command sees it: one request, one answer. */
public interface Controller extends AutoCloseable {

    /**
     * @throws ControllerException when the controller answers with an error or cannot be reached
     */
    <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException;

    /**
     * One request whose body the caller encoded itself: {@code request} is the body in {@code ClientMessage}
     * field {@code requestField}, and the answer's body, expected in field {@code responseField}, comes back
     * as its bytes. The controller over the wire sends these bytes without protobuf-java (sbatch's start-up);
     * other implementations get the request decoded into its generated message and go through {@link #call}.
     *
     * @throws ControllerException as {@link #call}, also when the answer is of another type
     */
    default byte[] callEncoded(int requestField, byte[] request, int responseField) throws ControllerException {
        return EncodedCalls.throughMessages(this, requestField, request, responseField);
    }

    @Override
    void close();
}
