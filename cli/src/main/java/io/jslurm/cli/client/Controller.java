package io.jslurm.cli.client;

import com.google.protobuf.Message;

/** The cluster's controller as a command sees it: one request, one answer. */
public interface Controller extends AutoCloseable {

    /**
     * @throws ControllerException when the controller answers with an error or cannot be reached
     */
    <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException;

    @Override
    void close();
}
