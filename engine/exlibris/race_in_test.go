//go:build race

package exlibris

// Under the race detector the property tests play fewer games.
const propertyGames = 1
