import FeedAPIStorage
import Foundation
import HTTPServerSupport
import Hummingbird
import MediaPipeline
import NIOPosix

/// What every upload of a picture does before keeping it: a turn for the account (turned away
/// before the body is read, as a body waiting for its turn holds its bytes), the
/// `multipart/form-data` body read within bounds, and its `file` part processed on threads of
/// its own within the photo's time limit, counted from the moment its bytes have arrived.
struct PhotoForm<Processed: Sendable>: Sendable {
    let form: MultipartForm
    let processed: Processed

    static func read(
        _ request: Request, by username: String, admission: UploadAdmission, processor: PhotoProcessor, minimumRate: MinimumBodyRate,
        threads: NIOThreadPool, process: @escaping @Sendable (PhotoProcessor, Data, ProcessingDeadline) throws -> Processed
    ) async throws -> PhotoForm {
        let ticket: UploadAdmission.Ticket
        switch admission.admit(username) {
        case .success(let admitted): ticket = admitted
        case .failure(.personAtLimit): throw ProblemDetails.tooManyUploadsFromOneAccount
        case .failure(.full): throw ProblemDetails.tooManyUploads
        }
        defer { ticket.release() }
        let form: MultipartForm
        do {
            form = try await MultipartForm.read(
                request.body, contentType: request.headers[.contentType],
                limits: MultipartForm.Limits(fileBytes: processor.limits.maximumBytes), minimumRate: minimumRate)
        } catch let failure as MultipartForm.Failure {
            throw ProblemDetails(failure)
        }
        guard let file = form.file else { throw ProblemDetails.invalidUpload("The form has no `file` part.") }
        let deadline = ProcessingDeadline(after: processor.limits.maximumProcessingTime)
        let processed: Processed
        do {
            processed = try await threads.runIfActive { try process(processor, file, deadline) }
        } catch let error as PhotoProcessingError {
            throw ProblemDetails(error)
        }
        guard !deadline.hasPassed else { throw ProblemDetails(PhotoProcessingError.tookTooLong(limit: processor.limits.maximumProcessingTime)) }
        return PhotoForm(form: form, processed: processed)
    }
}
