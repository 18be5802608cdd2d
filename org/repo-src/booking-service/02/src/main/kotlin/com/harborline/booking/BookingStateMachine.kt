package com.harborline.booking

// The booking state machine: every allowed transition, in one table.
enum class BookingState { DRAFT, REQUESTED, CONFIRMED, ROLLED, CANCELLED, SHIPPED }

object BookingStateMachine {
    // Transition table: a booking is moved from CONFIRMED to ROLLED when the carrier
    // rolls it to a later vessel (carrier event or ops action). BKG-3290: a ROLLED
    // booking may be re-confirmed on the next sailing.
    val transitions: Map<BookingState, Set<BookingState>> = mapOf(
        BookingState.DRAFT to setOf(BookingState.REQUESTED, BookingState.CANCELLED),
        BookingState.REQUESTED to setOf(BookingState.CONFIRMED, BookingState.CANCELLED),
        BookingState.CONFIRMED to setOf(BookingState.ROLLED, BookingState.SHIPPED, BookingState.CANCELLED),
        BookingState.ROLLED to setOf(BookingState.CONFIRMED, BookingState.SHIPPED, BookingState.CANCELLED),
    )

    fun canMove(from: BookingState, to: BookingState): Boolean =
        transitions[from]?.contains(to) ?: false
}
