package branded

import com.google.api.client.googleapis.auth.oauth2.GoogleCredential
import com.google.api.client.googleapis.javanet.GoogleNetHttpTransport
import com.google.api.client.json.jackson2.JacksonFactory
import com.google.api.services.androidpublisher.AndroidPublisher
import com.google.api.services.androidpublisher.AndroidPublisherScopes
import java.io.File

fun createPublisher(auth: File): AndroidPublisher {
  val transport = GoogleNetHttpTransport.newTrustedTransport()
  val credential =
    GoogleCredential.fromStream(auth.inputStream(), transport, JacksonFactory.getDefaultInstance())
      .createScoped(listOf(AndroidPublisherScopes.ANDROIDPUBLISHER))
  return AndroidPublisher.Builder(transport, JacksonFactory.getDefaultInstance()) {
    credential.initialize(it.setReadTimeout(0))
  }.setApplicationName("kiwix-android").build()
}
