-- A reconciliation report read in the background is kept with the operator action that read it, for as long as the
-- audit trail keeps that action: its figures, the first ids of each discrepancy and what the report covered. A
-- table added, nothing else touched: the release before never reads it.
CREATE TABLE reconciliation_report (
    action_id uuid  PRIMARY KEY REFERENCES operator_action (action_id) ON DELETE CASCADE,
    report    jsonb NOT NULL
);
