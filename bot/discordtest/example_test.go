package discordtest_test

import (
	"context"
	"fmt"
	"time"

	"atheneum/bot/discordtest"
	"github.com/bwmarrin/discordgo"
)

// A bot test drives a real discordgo Session against the fake and then
// inspects what a user would have seen. (A test would call
// discordtest.New(t, ...), which also closes the server and fails the test
// on payloads Discord would refuse.)
func Example() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	srv, err := discordtest.Start(discordtest.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	world := srv.Seed("alice")

	dg, _ := srv.NewSession("token")
	dg.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "new game: Dune"},
		})
	})
	_, _ = dg.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{{
		Name: "atheneum", Description: "Play",
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "New game",
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "title", Description: "Title"}},
		}},
	}})
	_ = dg.Open()
	defer dg.Close() // runs before the server's Close

	in, _ := srv.SlashCommand(ctx, world.Users[0], world.Channel.ID, "atheneum",
		discordtest.Sub("new", discordtest.StringOpt("title", "Dune")))
	msg, _ := in.WaitResponse(ctx)
	latency, _ := in.Latency()
	fmt.Println(msg.Content, latency < time.Second)
	// Output: new game: Dune true
}
