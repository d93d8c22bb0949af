// Errors for bad input. Every message names the offending input and the rule id (RULES R9).
#pragma once

#include <stdexcept>
#include <string>

namespace bieten {

// Base of every error the engine raises for bad input.
class Error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class CardError : public Error {  // R1.5 card text
 public:
  using Error::Error;
};

class RulesError : public Error {  // R10 rules knobs
 public:
  using Error::Error;
};

class SeedError : public Error {  // R3.2 seeds
 public:
  using Error::Error;
};

class SeatError : public Error {  // R2.1 seats, e.g. a dealer outside 0..players-1
 public:
  using Error::Error;
};

class HandError : public Error {  // hands given to the evaluator or a game
 public:
  using Error::Error;
};

class ActionError : public Error {  // R11/S11 text that is no action at all
 public:
  using Error::Error;
};

class IllegalActionError : public Error {  // R9/S9 an action the rules refuse now
 public:
  using Error::Error;
};

class AgentError : public Error {  // an external agent failed or chose an illegal action
 public:
  using Error::Error;
};

}  // namespace bieten
