#pragma once
// Cairo's surfaces and contexts owned, its errors thrown, and its PNG streams read from and
// written to strings: the one place the kit holds Cairo's handles (the turtle's pictures,
// mazekit's comparison picture).

#include <cairo.h>

#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

namespace common::cairo {

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const noexcept { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* cr) const noexcept { cairo_destroy(cr); }
};
using SurfacePtr = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using ContextPtr = std::unique_ptr<cairo_t, ContextDeleter>;

/// Throws std::runtime_error "what: Cairo's words" unless `status` is success.
inline void check(cairo_status_t status, const std::string& what) {
  if (status != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error(what + ": " + cairo_status_to_string(status));
  }
}

/// Owns `surface`, and throws (check) if Cairo could not make it.
inline SurfacePtr checked(cairo_surface_t* surface, const std::string& what) {
  SurfacePtr owned(surface);
  check(cairo_surface_status(surface), what);
  return owned;
}

/// A context drawing on `surface`.
inline ContextPtr contextFor(cairo_surface_t* surface) {
  ContextPtr cr(cairo_create(surface));
  check(cairo_status(cr.get()), "cannot start drawing");
  return cr;
}

/// Cairo's stream writers call this with each chunk of the file: `closure` is a std::string.
inline cairo_status_t appendToString(void* closure, const unsigned char* data,
                                     unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

/// Cairo's PNG reader pulls the bytes of `bytes` through readFromString, from `at` on.
struct Reading {
  const std::string* bytes;
  std::size_t at = 0;
};
inline cairo_status_t readFromString(void* closure, unsigned char* data, unsigned int length) {
  auto* reading = static_cast<Reading*>(closure);
  if (reading->bytes->size() - reading->at < length) return CAIRO_STATUS_READ_ERROR;
  std::memcpy(data, reading->bytes->data() + reading->at, length);
  reading->at += length;
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace common::cairo
