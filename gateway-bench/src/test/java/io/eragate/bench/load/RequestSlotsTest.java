package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestSlotsTest {

    @Test
    void connectionsGetSlotsOfTheirOwnWhileThereAreEnough() {
        RequestSlots slots = new RequestSlots(3);

        assertThat(List.of(slots.take(), slots.take(), slots.take())).containsExactly(0, 1, 2);
    }

    @Test
    void aSlotGivenBackIsTheNextTaken() {
        RequestSlots slots = new RequestSlots(3);
        slots.take();
        int second = slots.take();
        slots.take();

        slots.give(second);

        assertThat(slots.take()).isEqualTo(second);
    }

    @Test
    void beyondTheSlotsConnectionsShareThemEvenly() {
        RequestSlots slots = new RequestSlots(2);
        List<Integer> taken = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            taken.add(slots.take());
        }

        assertThat(taken).containsExactly(0, 1, 0, 1, 0, 1);
        slots.give(1);
        assertThat(slots.take()).as("the slot with the fewest holders").isEqualTo(1);
    }

    @Test
    void givingBackASlotNobodyHoldsIsABug() {
        RequestSlots slots = new RequestSlots(2);

        assertThatThrownBy(() -> slots.give(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new RequestSlots(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
