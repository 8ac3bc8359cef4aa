package io.jslurm.slurmctld.resv;

import java.util.Optional;

/** Finds a reservation by name, as of now (submit checks --reservation with it). */
@FunctionalInterface
public interface ReservationLookup {

    Optional<Reservation> find(String name);
}
