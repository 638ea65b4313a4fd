"""What both sides of the wire share: conversion between protobuf messages and arena's values,
the mapping between gRPC statuses and arena's errors (both ways), and the protocol constants."""
