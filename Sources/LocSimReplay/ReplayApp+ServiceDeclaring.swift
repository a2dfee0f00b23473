public import LocSimHTTPRecording

/// `locsim serve` routes and redacts by the app's ``ReplayApp/endpoints`` and ``ReplayApp/secrets``.
extension ReplayApp: ServiceDeclaring {}
