package io.jslurm.common.time;

import java.time.LocalDate;
import java.time.MonthDay;

/** The day part of a {@link TimeSpec}: relative to today, or a calendar day with or without a year. */
sealed interface TimeSpecDay {

    LocalDate resolve(LocalDate today);

    record Relative(int daysFromToday) implements TimeSpecDay {
        @Override
        public LocalDate resolve(LocalDate today) {
            return today.plusDays(daysFromToday);
        }
    }

    record Fixed(LocalDate date) implements TimeSpecDay {
        @Override
        public LocalDate resolve(LocalDate today) {
            return date;
        }
    }

    /** A day written without a year: this year's, or next year's once it has passed. */
    record Yearless(MonthDay monthDay) implements TimeSpecDay {
        @Override
        public LocalDate resolve(LocalDate today) {
            LocalDate thisYear = monthDay.atYear(today.getYear());
            return thisYear.isBefore(today) ? monthDay.atYear(today.getYear() + 1) : thisYear;
        }
    }
}
