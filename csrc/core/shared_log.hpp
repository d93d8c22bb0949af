// An append-only sequence whose copies share their storage, for a game's events and action record.
//
// Search and self-play copy games on every node, and a game's record grows with every action, so a
// copy that duplicated it would cost more than the rest of the state. Here the items live in
// fixed-size chunks held by shared pointers, and a copy shares every full chunk (a reference count
// each). The last chunk, the one still filling, lives inside the log itself (a small buffer of
// kChunk items): a copy copies its filled slots, and an append writes there in place, with no
// allocation, no reference count to read and no shared chunk to copy first. That is the common
// case of an apply after a clone (benchmarks/RESULTS.md, issue 25: an allocation and a copy of a
// cold shared chunk on the first event after each copy were most of such an apply). The buffer is
// moved into a chunk of its own when the next item finds it full. A full chunk is never written
// again, so copies of one game may be used on different threads, like any other games.
#pragma once

#include <cstddef>
#include <cstring>
#include <iterator>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace bieten {

template <typename T, std::size_t kChunk>
class SharedLog {
  // Items are plain data (events, action ids): a chunk is raw storage, and copying one copies only
  // its filled slots.
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  static_assert(kChunk > 0);
  struct Chunk {
    alignas(T) std::byte bytes[sizeof(T) * kChunk];
    T* items() { return std::launder(reinterpret_cast<T*>(bytes)); }
    const T* items() const { return std::launder(reinterpret_cast<const T*>(bytes)); }
  };

 public:
  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = const T*;
    using reference = const T&;

    const_iterator() = default;
    const_iterator(const SharedLog* log, std::size_t index) : log_(log), index_(index) {}
    reference operator*() const { return (*log_)[index_]; }
    pointer operator->() const { return &(*log_)[index_]; }
    const_iterator& operator++() {
      ++index_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++index_;
      return before;
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.index_ == b.index_; }

   private:
    const SharedLog* log_ = nullptr;
    std::size_t index_ = 0;
  };

  SharedLog() = default;
  // A copy shares the full chunks and copies the filled slots of the small buffer. The chunk list
  // gets room for one chunk more, so that the copy's first full buffer does not grow it again.
  SharedLog(const SharedLog& other) : size_(other.size_) {
    if (!other.full_.empty()) {
      full_.reserve(other.full_.size() + 1);
      full_.assign(other.full_.begin(), other.full_.end());
    }
    copy_tail(other);
  }
  SharedLog(SharedLog&& other) noexcept : size_(other.size_) {
    copy_tail(other);
    full_ = std::move(other.full_);
    other.full_.clear();
    other.size_ = 0;
  }
  SharedLog& operator=(const SharedLog& other) {
    if (this != &other) {
      full_ = other.full_;
      size_ = other.size_;
      copy_tail(other);
    }
    return *this;
  }
  SharedLog& operator=(SharedLog&& other) noexcept {
    if (this != &other) {
      copy_tail(other);
      full_ = std::move(other.full_);
      size_ = other.size_;
      other.full_.clear();
      other.size_ = 0;
    }
    return *this;
  }
  ~SharedLog() = default;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](std::size_t i) const {
    const std::size_t chunk = i / kChunk;
    return chunk < full_.size() ? full_[chunk]->items()[i % kChunk] : tail()[i - chunk * kChunk];
  }
  const T& back() const { return (*this)[size_ - 1]; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

  // Calls f(items, count) for each run of consecutive items in order: the full chunks, then the
  // small buffer. A reader that walks the whole log (a record, the events of a seat) looks at no
  // chunk index per item this way.
  template <typename F>
  void for_each_run(F&& f) const {
    for (const auto& chunk : full_) f(chunk->items(), kChunk);
    const std::size_t rest = tail_count();
    if (rest != 0) f(tail(), rest);
  }

  // Appends a value-initialised item and returns it for filling in.
  T& emplace_back() {
    std::size_t slot = tail_count();
    if (slot == kChunk) {  // the buffer is full: it becomes a shared chunk, and fills anew
      std::shared_ptr<Chunk> chunk = std::make_shared_for_overwrite<Chunk>();
      std::memcpy(chunk->bytes, tail_, sizeof(tail_));
      full_.push_back(std::move(chunk));
      slot = 0;
    }
    T* item = std::construct_at(tail() + slot);
    ++size_;
    return *item;
  }

  void push_back(const T& value) { emplace_back() = value; }

  void clear() {
    full_.clear();
    size_ = 0;
  }

  friend bool operator==(const SharedLog& a, const SharedLog& b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i) {
      if (!(a[i] == b[i])) return false;
    }
    return true;
  }

 private:
  // Items in the small buffer: 0 to kChunk (kChunk once full, until the next append moves them).
  std::size_t tail_count() const { return size_ - full_.size() * kChunk; }
  T* tail() { return std::launder(reinterpret_cast<T*>(tail_)); }
  const T* tail() const { return std::launder(reinterpret_cast<const T*>(tail_)); }
  void copy_tail(const SharedLog& other) {
    std::memcpy(tail_, other.tail_, sizeof(T) * other.tail_count());
  }

  std::vector<std::shared_ptr<const Chunk>> full_;  // never written again once here
  std::size_t size_ = 0;
  alignas(T) std::byte tail_[sizeof(T) * kChunk];
};

}  // namespace bieten
