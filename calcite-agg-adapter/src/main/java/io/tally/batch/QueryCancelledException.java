package io.tally.batch;

/** Raised at a batch boundary when the query's cancel flag has been set. */
public final class QueryCancelledException extends TallyException {
    private static final long serialVersionUID = 1L;

    public QueryCancelledException(String operatorName) {
        super("Operator " + operatorName + " was cancelled");
    }
}
