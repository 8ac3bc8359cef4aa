package io.jslurm.cli.json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Collection;

/** Slurm's JSON value shapes over a streaming generator. */
public final class JsonWriter {

    /** Slurm's "no value" for 32-bit counts and times. */
    public static final long NO_VALUE = 0xFFFF_FFFEL;
    /** Slurm's "infinite" for 32-bit counts and limits. */
    public static final long INFINITE = 0xFFFF_FFFFL;

    private final JsonGenerator generator;

    JsonWriter(JsonGenerator generator) {
        this.generator = generator;
    }

    public JsonGenerator generator() {
        return generator;
    }

    public void string(String name, String value) throws IOException {
        generator.writeStringField(name, value == null ? "" : value);
    }

    public void integer(String name, long value) throws IOException {
        generator.writeNumberField(name, value);
    }

    public void bool(String name, boolean value) throws IOException {
        generator.writeBooleanField(name, value);
    }

    public void strings(String name, Collection<String> values) throws IOException {
        generator.writeArrayFieldStart(name);
        for (String value : values) {
            generator.writeString(value);
        }
        generator.writeEndArray();
    }

    /** A comma-separated value as a list ({@code "a,b"} becomes {@code ["a","b"]}; empty becomes {@code []}). */
    public void csv(String name, String value) throws IOException {
        generator.writeArrayFieldStart(name);
        if (value != null && !value.isEmpty()) {
            for (String item : value.split(",")) {
                generator.writeString(item);
            }
        }
        generator.writeEndArray();
    }

    /** v0.0.40's {@code {"set":true,"infinite":false,"number":N}}. */
    public void number(String name, long value) throws IOException {
        numberObject(name, true, false, value);
    }

    /** An optional number: absent ({@code set: false}) when {@code set} is false. */
    public void number(String name, boolean set, long value) throws IOException {
        numberObject(name, set, false, set ? value : 0);
    }

    /** A limit that may be infinite (Slurm's {@code 0xFFFFFFFF}). */
    public void limit(String name, long value) throws IOException {
        boolean infinite = value == INFINITE;
        numberObject(name, !infinite, infinite, infinite ? 0 : value);
    }

    /** A Unix time that is unset when 0. */
    public void time(String name, long epochSeconds) throws IOException {
        numberObject(name, epochSeconds != 0, false, epochSeconds);
    }

    public void decimal(String name, boolean set, double value) throws IOException {
        generator.writeObjectFieldStart(name);
        generator.writeBooleanField("set", set);
        generator.writeBooleanField("infinite", false);
        generator.writeNumberField("number", set ? value : 0.0);
        generator.writeEndObject();
    }

    private void numberObject(String name, boolean set, boolean infinite, long value) throws IOException {
        generator.writeObjectFieldStart(name);
        generator.writeBooleanField("set", set);
        generator.writeBooleanField("infinite", infinite);
        generator.writeNumberField("number", value);
        generator.writeEndObject();
    }

    public void startObject(String name) throws IOException {
        generator.writeObjectFieldStart(name);
    }

    public void startObject() throws IOException {
        generator.writeStartObject();
    }

    public void endObject() throws IOException {
        generator.writeEndObject();
    }

    public void startArray(String name) throws IOException {
        generator.writeArrayFieldStart(name);
    }

    public void endArray() throws IOException {
        generator.writeEndArray();
    }
}
