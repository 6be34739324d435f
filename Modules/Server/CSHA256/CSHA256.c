#include "CSHA256.h"

#if defined(__APPLE__)
#include <CommonCrypto/CommonDigest.h>
#include <stdint.h>

int csha256(const void *bytes, size_t count, unsigned char *digest) {
    if (count > UINT32_MAX) return 0;  // CC_LONG is 32 bits
    CC_SHA256(bytes, (CC_LONG)count, digest);
    return 1;
}
#else
#include <openssl/evp.h>

int csha256(const void *bytes, size_t count, unsigned char *digest) {
    unsigned int length = 0;
    return EVP_Digest(bytes, count, digest, &length, EVP_sha256(), NULL) == 1 && length == CSHA256_LENGTH;
}
#endif
