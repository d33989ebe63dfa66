#pragma once
// The signature on a step program's report: HMAC-SHA-256 (RFC 2104, FIPS 180-4) with a key
// that `mazekit grade` writes into each student's program after it is linked. The harness
// signs what it reports; the grader checks the signature, so a report written by the
// student's code (which never sees the key as a name or a file) is told apart from the
// harness's own. Header-only: the harness and the grader share it.

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace mazekit::harness {

using Digest = std::array<std::uint8_t, 32>;

class Sha256 {
 public:
  void update(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    for (std::size_t i = 0; i < size; ++i) {
      block_[used_++] = bytes[i];
      if (used_ == 64) {
        compress();
        used_ = 0;
      }
    }
    length_ += size;
  }
  void update(std::string_view text) { update(text.data(), text.size()); }

  Digest finish() {
    const std::uint64_t bits = length_ * 8;
    const std::uint8_t one = 0x80;
    update(&one, 1);
    const std::uint8_t zero = 0;
    while (used_ != 56) update(&zero, 1);
    for (int i = 7; i >= 0; --i) {
      const auto byte = static_cast<std::uint8_t>(bits >> (8 * i));
      update(&byte, 1);
    }
    Digest digest{};
    for (std::size_t i = 0; i < 8; ++i) {
      for (std::size_t j = 0; j < 4; ++j)
        digest[4 * i + j] = static_cast<std::uint8_t>(state_[i] >> (24 - 8 * j));
    }
    return digest;
  }

 private:
  static std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

  void compress() {
    static constexpr std::uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2};
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i) {
      const std::uint8_t* word = block_ + std::size_t{4} * static_cast<std::size_t>(i);
      w[i] = (std::uint32_t{word[0]} << 24) | (std::uint32_t{word[1]} << 16) |
             (std::uint32_t{word[2]} << 8) | std::uint32_t{word[3]};
    }
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = state_[0], b = state_[1], c = state_[2], d = state_[3];
    std::uint32_t e = state_[4], f = state_[5], g = state_[6], h = state_[7];
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t t1 =
          h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
      const std::uint32_t t2 =
          (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    state_[0] += a;
    state_[1] += b;
    state_[2] += c;
    state_[3] += d;
    state_[4] += e;
    state_[5] += f;
    state_[6] += g;
    state_[7] += h;
  }

  std::uint32_t state_[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::uint8_t block_[64] = {};
  std::size_t used_ = 0;
  std::uint64_t length_ = 0;
};

/// HMAC-SHA-256 of `message` under `key` (any length), as 64 lowercase hex digits.
inline std::string hmacSha256Hex(const std::uint8_t* key, std::size_t keySize,
                                 std::string_view message) {
  std::uint8_t block[64] = {};
  if (keySize > 64) {
    Sha256 hashed;
    hashed.update(key, keySize);
    const Digest d = hashed.finish();
    std::memcpy(block, d.data(), d.size());
  } else if (keySize > 0) {
    std::memcpy(block, key, keySize);
  }
  std::uint8_t inner[64];
  std::uint8_t outer[64];
  for (int i = 0; i < 64; ++i) {
    inner[i] = static_cast<std::uint8_t>(block[i] ^ 0x36);
    outer[i] = static_cast<std::uint8_t>(block[i] ^ 0x5c);
  }
  Sha256 first;
  first.update(inner, 64);
  first.update(message);
  const Digest innerDigest = first.finish();
  Sha256 second;
  second.update(outer, 64);
  second.update(innerDigest.data(), innerDigest.size());
  const Digest mac = second.finish();
  static const char* digits = "0123456789abcdef";
  std::string hex;
  for (const std::uint8_t byte : mac) {
    hex += digits[byte >> 4];
    hex += digits[byte & 15];
  }
  return hex;
}

/// The bytes before a key slot in a linked step program: `mazekit grade` finds them (they
/// must occur exactly once), writes the student's key into the 32 bytes after them, and
/// overwrites the marker itself with random bytes, so the running program holds no marker
/// to search for.
inline constexpr char keySlotMarker[] = "mazekit-harness-key-slot-v1:....";  // 32 bytes + NUL
inline constexpr std::size_t keySize = 32;

}  // namespace mazekit::harness
