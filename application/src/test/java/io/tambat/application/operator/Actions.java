package io.tambat.application.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.port.in.operator.ActionAnswer;
import java.util.concurrent.Executor;

/** Background actions for the services under test, and the result of one that ended in time. */
public final class Actions {

    private Actions() {
    }

    /** Actions run on the given threads. */
    public static BackgroundActions on(Executor executor, AuditTrail audit) {
        BackgroundActions actions = new BackgroundActions();
        actions.executor = executor;
        actions.audit = audit;
        return actions;
    }

    /** Actions run on the caller's thread, so each ends before its caller hears of it. */
    public static BackgroundActions atOnce(AuditTrail audit) {
        return on(Runnable::run, audit);
    }

    /** The result of an action that ended within the wait. */
    public static <R> R result(ActionAnswer<R> answer) {
        assertThat(answer).isInstanceOf(ActionAnswer.Done.class);
        return ((ActionAnswer.Done<R>) answer).result();
    }
}
