package io.tambat.adapter.out.objectstore;

import io.tambat.domain.error.StoreUnavailableException;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Error;

/**
 * What a failed call to the object store means to its caller. Either the store is away (unreachable, slower than
 * the deadline, failing, throttling with 503 SlowDown), or it refuses the request as configured (no such bucket,
 * access denied, the bucket in another region), which only an operator can fix. The payload is neither stored nor
 * read in both cases, so both are a {@link StoreUnavailableException}; the second says that it is a configuration
 * problem. Messages name the call, the HTTP status and S3 error code, and exception classes: never credentials or
 * payload bytes.
 */
final class S3Failures {

    /**
     * Answers about the bucket, region or credentials rather than the store's health: moved to another region,
     * access denied, no such bucket. A missing key is handled before it gets here, where it is no failure.
     */
    private static final Set<Integer> CONFIGURATION_STATUSES = Set.of(301, 403, 404);

    /** What S3 answers with 400 when the request was signed for the wrong region, or names no valid bucket. */
    private static final Set<String> CONFIGURATION_ERROR_CODES = Set.of("AuthorizationHeaderMalformed",
            "InvalidBucketName");

    private final String bucket;

    S3Failures(String bucket) {
        this.bucket = bucket;
    }

    /** {@code failedCall} names the call, e.g. {@code "put of payload object 2025/03/04/05/<id>"}. */
    StoreUnavailableException of(String failedCall, SdkException failure) {
        if (failure instanceof AwsServiceException refusal && isConfigurationProblem(refusal)) {
            return new StoreUnavailableException(failedCall + " refused by the object store, a configuration "
                    + "problem: check that bucket " + bucket + " exists in the configured region and that the "
                    + "credentials may use it (" + described(failure) + ")", failure);
        }
        return new StoreUnavailableException(
                failedCall + " failed, the object store is unavailable (" + described(failure) + ")", failure);
    }

    /** A batch delete that was answered, but with keys it did not delete. */
    StoreUnavailableException notDeleted(String failedCall, List<S3Error> errors) {
        return new StoreUnavailableException(failedCall + " left " + errors.size()
                + " objects in place, the first for " + errors.get(0).code(), null);
    }

    private static boolean isConfigurationProblem(AwsServiceException refusal) {
        return CONFIGURATION_STATUSES.contains(refusal.statusCode())
                || CONFIGURATION_ERROR_CODES.contains(errorCode(refusal));
    }

    private static String described(SdkException failure) {
        if (failure instanceof AwsServiceException answered) {
            return "HTTP " + answered.statusCode() + " " + errorCode(answered) + ", "
                    + failure.getClass().getSimpleName();
        }
        Throwable rootCause = failure;
        while (rootCause.getCause() != null) {
            rootCause = rootCause.getCause();
        }
        return rootCause == failure ? failure.getClass().getSimpleName()
                : failure.getClass().getSimpleName() + " caused by " + rootCause.getClass().getName();
    }

    /** S3's error code; a store, or a proxy before it, may answer an error without one. */
    private static String errorCode(AwsServiceException answered) {
        AwsErrorDetails details = answered.awsErrorDetails();
        return details == null || details.errorCode() == null ? "without an error code" : details.errorCode();
    }
}
