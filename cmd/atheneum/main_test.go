package main

import "testing"

func TestTheDemoIsSuggestedTheWayTheBotWasStarted(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, arg0, want string }{
		{"a program built by go run is run by go run", "/tmp/go-build1234/b001/exe/atheneum", "go run ./cmd/atheneum"},
		{"a built program is run by its path", "./atheneum", "./atheneum"},
		{"an installed program is run by its name", "atheneum", "atheneum"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := programCommand(tt.arg0); got != tt.want {
				t.Errorf("programCommand(%q) = %q, want %q", tt.arg0, got, tt.want)
			}
		})
	}
}
